import { useOpenStream } from '@client/components/orders/use-open-stream'
import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { Input } from '@client/components/ui/input'
import { Label } from '@client/components/ui/label'
import { Spinner } from '@client/components/ui/spinner'
import { toast } from '@client/components/ui/use-toast'
import { KeyRound, Play } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { parseOrderNumber } from '../order-number'

/** "Access Your Stream": an order number opens its live stream for 20 minutes. */
export function StreamAccessForm() {
  const [value, setValue] = useState('')
  const { open, pendingId } = useOpenStream()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseOrderNumber(value)
    if (parsed.kind === 'empty') {
      toast({
        title: 'Order number required',
        description: 'Please enter your order number to access the stream.',
        variant: 'destructive',
      })
      return
    }
    if (parsed.kind === 'invalid') {
      toast({
        title: 'Invalid order number',
        description: 'Please check your order number and try again.',
        variant: 'destructive',
      })
      return
    }
    await open(parsed.orderId)
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" aria-hidden="true" />
          Access Your Stream
        </CardTitle>
        <CardDescription>
          Enter the order number from your confirmation to watch it being cooked.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <Label htmlFor="order-number">Order number</Label>
          <div className="flex gap-2">
            <Input
              id="order-number"
              inputMode="numeric"
              autoComplete="off"
              placeholder="e.g. 0002"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
            <Button type="submit" disabled={pendingId !== null}>
              {pendingId !== null ? (
                <Spinner className="size-4 text-current" label="Checking" />
              ) : (
                <Play aria-hidden="true" />
              )}
              Watch
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">Access lasts 20 minutes in this browser tab.</p>
        </form>
      </CardContent>
    </Card>
  )
}
