import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { Checkbox } from '@client/components/ui/checkbox'
import { NativeSelect } from '@client/components/ui/input'
import { Label } from '@client/components/ui/label'
import { Switch } from '@client/components/ui/switch'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import type { AllergenProfileView } from '@client/lib/queries/allergen-profile'
import { ALLERGENS, SEVERITIES } from '@shared/constants'
import type { AllergenProfileInput } from '@shared/schemas/allergens'
import { Save } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useSaveAllergenProfile } from '../api/save-allergen-profile'

export function AllergenProfileForm({ userId, profile }: { userId: number; profile: AllergenProfileView }) {
  const [allergens, setAllergens] = useState<string[]>(profile.allergens)
  const [severity, setSeverity] = useState(profile.severity)
  const [notificationsEnabled, setNotificationsEnabled] = useState(profile.notificationsEnabled)
  const save = useSaveAllergenProfile(userId)
  const exists = profile.id !== null

  const toggle = (id: string, on: boolean) =>
    setAllergens((list) => (on ? [...list.filter((a) => a !== id), id] : list.filter((a) => a !== id)))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input: AllergenProfileInput = {
      allergens: ALLERGENS.map((a) => a.id).filter((id) => allergens.includes(id)),
      severity: severity as AllergenProfileInput['severity'],
      notificationsEnabled,
    }
    save.mutate(
      { id: profile.id, input },
      {
        onSuccess: () =>
          toast({
            title: 'Allergen Profile Updated',
            description: 'Your allergen information has been saved successfully.',
          }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: `Failed to update allergen profile: ${errorMessage(error, error instanceof Error ? error.message : 'Please try again.')}`,
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <Card>
      <CardHeader className="p-6 pb-3">
        <CardTitle>Your allergens</CardTitle>
        <CardDescription>
          Tick everything you react to. Restaurant pages warn you about dishes that contain them.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-6 pt-2">
        <form onSubmit={submit} className="grid gap-6">
          <fieldset>
            <legend className="sr-only">Allergens</legend>
            <div className="grid grid-cols-2 gap-2.5 sm:grid-cols-3">
              {ALLERGENS.map(({ id, label }) => {
                const checked = allergens.includes(id)
                return (
                  <div
                    key={id}
                    className="flex items-center gap-2.5 rounded-lg border px-3 py-2.5 transition-colors has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
                  >
                    <Checkbox
                      id={`allergen-${id}`}
                      checked={checked}
                      onCheckedChange={(on) => toggle(id, on === true)}
                    />
                    <Label htmlFor={`allergen-${id}`} className="flex-1 cursor-pointer font-normal">
                      {label}
                    </Label>
                  </div>
                )
              })}
            </div>
          </fieldset>
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="allergen-severity">Severity</Label>
              <NativeSelect
                id="allergen-severity"
                value={severity}
                onChange={(e) => setSeverity(e.target.value)}
              >
                {SEVERITIES.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label} ({s.description})
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex items-center justify-between gap-4 rounded-lg border px-4 py-3 sm:self-end">
              <div>
                <Label htmlFor="allergen-alerts" className="cursor-pointer">
                  Allergen alerts
                </Label>
                <p className="mt-1 text-xs text-muted-foreground">Warn me on menus and in offers</p>
              </div>
              <Switch
                id="allergen-alerts"
                checked={notificationsEnabled}
                onCheckedChange={setNotificationsEnabled}
              />
            </div>
          </div>
          <Button type="submit" size="lg" disabled={save.isPending} className="sm:w-fit">
            <Save aria-hidden="true" />
            {save.isPending ? 'Saving...' : exists ? 'Update Profile' : 'Save Profile'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
