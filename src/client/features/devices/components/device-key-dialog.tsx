import { Alert } from '@client/components/ui/alert'
import { Button } from '@client/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import type { DeviceCreated } from '@shared/schemas/devices'
import { Check, Copy, KeyRound } from 'lucide-react'
import { useState } from 'react'

/** The new device's key, shown this one time, with a copy button. */
export function DeviceKeyDialog({ device, onClose }: { device: DeviceCreated | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    if (!device) return
    try {
      await navigator.clipboard.writeText(device.key)
      setCopied(true)
    } catch {
      // Without clipboard access the key stays selectable in the field.
      document.getElementById('device-key')?.focus()
    }
  }
  return (
    <Dialog
      open={device !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false)
          onClose()
        }
      }}
    >
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <KeyRound className="size-5 text-primary" aria-hidden="true" />
            {device?.name} is registered
          </DialogTitle>
          <DialogDescription>
            Put this key into the device’s settings. It is shown only now: Clearplate keeps only a fingerprint
            of it. If it is lost, revoke the device and register it again.
          </DialogDescription>
        </DialogHeader>
        {/* The whole key in sight: on two lines on a phone, on one beside Copy from a tablet up. */}
        <div className="grid gap-2 sm:flex sm:items-center">
          <textarea
            id="device-key"
            readOnly
            rows={2}
            aria-label="Device key"
            value={device?.key ?? ''}
            onFocus={(e) => e.currentTarget.select()}
            spellCheck={false}
            className="min-w-0 resize-none overflow-hidden break-all rounded-md border bg-muted px-3 py-2 font-mono text-sm leading-5 sm:h-10 sm:flex-1 sm:whitespace-nowrap sm:px-2 sm:text-xs"
            data-testid="device-key"
          />
          <Button type="button" variant="outline" onClick={copy} className="justify-self-end">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <Alert variant="warning">
          <p>Anyone with this key can send readings for your restaurant. Keep it out of chats and email.</p>
        </Alert>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            I have saved the key
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
