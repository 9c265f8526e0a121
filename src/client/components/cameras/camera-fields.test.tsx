import { zodResolver } from '@hookform/resolvers/zod'
import {
  CAMERA_FORM_DEFAULTS,
  type CameraFormValues,
  cameraFormSchema,
} from '@shared/schemas/restaurant-forms'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useForm } from 'react-hook-form'
import { afterEach, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { CameraFields } from './camera-fields'

afterEach(cleanup)

type Output = z.output<typeof cameraFormSchema>

function Harness({ onValid, urlHint }: { onValid: (values: Output) => void; urlHint?: string }) {
  const form = useForm<CameraFormValues, unknown, Output>({
    resolver: zodResolver(cameraFormSchema),
    defaultValues: CAMERA_FORM_DEFAULTS,
  })
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <CameraFields form={form} idPrefix="c7" urlHint={urlHint} />
      <button type="submit">Save</button>
    </form>
  )
}

const describedText = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')
  return ids
    ?.split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ')
}
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))

describe('the camera fields', () => {
  it('start from the defaults and name their controls after the prefix', () => {
    render(<Harness onValid={() => {}} />)
    expect((screen.getByLabelText('Camera name') as HTMLInputElement).value).toBe('Main Kitchen')
    expect((screen.getByLabelText('Position') as HTMLSelectElement).value).toBe('main')
    expect(screen.getByLabelText('Camera name').id).toBe('c7-name')
    expect(screen.getByLabelText('Position').id).toBe('c7-position')
    expect(screen.getByLabelText('Stream URL').id).toBe('c7-url')
    expect(
      [...screen.getByLabelText('Position').querySelectorAll('option')].map((o) => o.textContent),
    ).toEqual([
      'Main Kitchen',
      'Prep Station',
      'Grill Area',
      'Plating Station',
      'Dessert Station',
      'Bar Area',
    ])
  })

  it('show the shared schema’s messages on their own fields and submit nothing', async () => {
    const sent: Output[] = []
    render(<Harness onValid={(v) => sent.push(v)} />)
    fireEvent.input(screen.getByLabelText('Camera name'), { target: { value: 'K' } })
    fireEvent.input(screen.getByLabelText('Stream URL'), { target: { value: 'not a url' } })
    await save()
    expect(describedText('Camera name')).toBe('Camera name must be at least 2 characters.')
    expect(describedText('Stream URL')).toBe('Please provide a valid streaming URL.')
    expect(screen.getByLabelText('Stream URL').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Position').getAttribute('aria-invalid')).not.toBe('true')
    expect(sent).toEqual([])
  })

  it('submit the name, position and address once they are valid', async () => {
    const sent: Output[] = []
    render(<Harness onValid={(v) => sent.push(v)} />)
    fireEvent.input(screen.getByLabelText('Camera name'), { target: { value: 'Pizza oven' } })
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'grill' } })
    fireEvent.input(screen.getByLabelText('Stream URL'), {
      target: { value: 'https://cams.example.com/oven.m3u8' },
    })
    await save()
    expect(sent).toEqual([
      { name: 'Pizza oven', position: 'grill', streamUrl: 'https://cams.example.com/oven.m3u8' },
    ])
  })

  it('show the address hint until the address has an error', async () => {
    render(<Harness onValid={() => {}} urlHint="Usually ending in .m3u8" />)
    expect(screen.getByText('Usually ending in .m3u8')).toBeTruthy()
    await save()
    expect(screen.queryByText('Usually ending in .m3u8')).toBeNull()
    expect(describedText('Stream URL')).toContain('Please provide a valid streaming URL.')
  })
})
