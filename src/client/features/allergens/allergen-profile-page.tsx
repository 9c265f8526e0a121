import { useRequireSignIn } from '@client/components/layout/use-require-sign-in'
import { Alert } from '@client/components/ui/alert'
import { Skeleton } from '@client/components/ui/skeleton'
import { PageSpinner } from '@client/components/ui/spinner'
import { useAllergenProfile } from '@client/lib/queries/allergen-profile'
import { useDocumentTitle } from '@client/lib/use-document-title'
import type { User } from '@shared/schemas/auth'
import { Info, ShieldCheck } from 'lucide-react'
import { AllergenProfileForm } from './components/allergen-profile-form'
import { AllergenSummaryCard } from './components/allergen-summary-card'
import { RecentAlertsCard } from './components/recent-alerts-card'

export default function AllergenProfilePage() {
  useDocumentTitle('Allergen profile')
  const { user, isLoading } = useRequireSignIn({
    description: 'Please log in to manage your allergen profile.',
  })
  if (isLoading || !user) return <PageSpinner />
  return <AllergenProfile user={user} />
}

function AllergenProfile({ user }: { user: User }) {
  const profile = useAllergenProfile(user.id)
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8">
        <p className="inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1 text-xs font-semibold uppercase tracking-wider text-accent-foreground">
          <ShieldCheck className="size-4" aria-hidden="true" />
          Allergen profile
        </p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">Eat with confidence</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Tell us what you can’t eat. We check every menu you open against your profile and never offer you a
          matching add-on.
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="grid content-start gap-6">
          {profile.isLoading ? (
            <Skeleton className="h-[28rem] rounded-xl" />
          ) : profile.isError ? (
            <Alert variant="danger">
              We couldn’t load your allergen profile. Please refresh the page to try again.
            </Alert>
          ) : (
            <AllergenProfileForm
              key={`${profile.data!.id ?? 'new'}:${profile.dataUpdatedAt}`}
              userId={user.id}
              profile={profile.data!}
            />
          )}
          <Alert variant="info">
            <Info aria-hidden="true" />
            <p>
              <strong>Please note:</strong> allergen information comes from the ingredient lists restaurants
              provide, and kitchens may handle allergens nearby. Clearplate’s warnings help you choose but do
              not replace talking to the restaurant. If you have a severe allergy, always confirm with the
              restaurant before ordering.
            </p>
          </Alert>
        </div>
        <aside className="grid content-start gap-6">
          {profile.data ? (
            <AllergenSummaryCard profile={profile.data} />
          ) : (
            <Skeleton className="h-56 rounded-xl" />
          )}
          <RecentAlertsCard />
        </aside>
      </div>
    </div>
  )
}
