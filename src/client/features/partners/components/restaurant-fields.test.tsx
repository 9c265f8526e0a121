import { stubResizeObserver } from '@client/lib/test-utils'
import { zodResolver } from '@hookform/resolvers/zod'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useForm } from 'react-hook-form'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { TermsField } from './form-fields'
import { FeaturesField, NameField } from './restaurant-fields'

beforeAll(stubResizeObserver)

const schema = z.object({
  name: z.string().min(2, 'Name, please'),
  features: z.array(z.string()).default([]),
  accepted: z.literal(true, { error: 'You must accept the terms' }),
})
type Values = z.input<typeof schema>

function Harness({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', features: [], accepted: false as unknown as true },
  })
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <NameField id="t-name" error={form.formState.errors.name?.message} {...form.register('name')} />
      <FeaturesField
        control={form.control}
        name="features"
        legend="Features"
        features={['Live Kitchen View', 'Chef Interaction']}
        idPrefix="t-feature"
      />
      <TermsField control={form.control} name="accepted" id="t-terms">
        I accept
      </TermsField>
      <button type="submit">Send</button>
    </form>
  )
}

const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })))

describe('restaurant form fields', () => {
  afterEach(cleanup)

  it('announces each error on its own control and submits once the form is fixed', async () => {
    const sent: unknown[] = []
    render(<Harness onValid={(v) => sent.push(v)} />)
    await submit()
    const name = screen.getByLabelText('Restaurant name')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Name, please')
    const terms = screen.getByRole('checkbox', { name: 'I accept' })
    expect(document.getElementById(terms.getAttribute('aria-describedby')!)?.textContent).toBe(
      'You must accept the terms',
    )
    expect(sent).toEqual([])

    fireEvent.input(name, { target: { value: 'Casa Nueva' } })
    fireEvent.click(terms)
    await submit()
    expect(sent).toEqual([{ name: 'Casa Nueva', features: [], accepted: true }])
  })

  it('keeps the ticked features in the order they were ticked and drops unticked ones', async () => {
    const sent: { features: string[] }[] = []
    render(<Harness onValid={(v) => sent.push(v)} />)
    fireEvent.input(screen.getByLabelText('Restaurant name'), { target: { value: 'Casa Nueva' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept' }))
    fireEvent.click(screen.getByLabelText('Chef Interaction'))
    fireEvent.click(screen.getByLabelText('Live Kitchen View'))
    await submit()
    expect(sent.at(-1)?.features).toEqual(['Chef Interaction', 'Live Kitchen View'])

    fireEvent.click(screen.getByLabelText('Chef Interaction'))
    await submit()
    expect(sent.at(-1)?.features).toEqual(['Live Kitchen View'])
    expect(screen.getByLabelText('Live Kitchen View').id).toBe('t-feature-live-kitchen-view')
  })
})
