import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Dialog, DialogContent, DialogTitle } from './dialog'

afterEach(cleanup)

/** A dialog opened by a button of the page's own, not a DialogTrigger, as most of the app's are. */
function Page({ mountedWhileOpen = false }: { mountedWhileOpen?: boolean }) {
  const [open, setOpen] = useState(false)
  const dialog = (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>Update credentials</DialogTitle>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </DialogContent>
    </Dialog>
  )
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Credentials
      </button>
      {mountedWhileOpen ? open && dialog : dialog}
    </>
  )
}

describe('a dialog, once closed', () => {
  it.each([
    ['always mounted', false],
    ['mounted while open', true],
  ])('gives focus back to the button that opened it (%s)', async (_, mountedWhileOpen) => {
    render(<Page mountedWhileOpen={mountedWhileOpen} />)
    const opener = screen.getByRole('button', { name: 'Credentials' })
    opener.focus()
    await act(async () => fireEvent.click(opener))
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })
})
