import { Alert } from '@client/components/ui/alert'
import { Button } from '@client/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs'
import { useDocumentTitle } from '@client/lib/use-document-title'
import { INSTALLATION_TIME } from '@shared/constants'
import {
  ArrowDown,
  Camera,
  ChartLine,
  ClipboardList,
  Eye,
  Handshake,
  Plug,
  Store,
  Users,
  Wrench,
} from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useSearch } from 'wouter'
import { IntegrationsPanel } from './components/integrations-panel'
import { PlatformLogoStrip } from './components/platform-logos'
import { RegistrationWizard } from './components/registration-wizard'

const BENEFITS = [
  {
    icon: Eye,
    title: 'Radical transparency',
    text: 'Diners watch their own order cooked in your kitchen, with live temperatures and timing from our sensors.',
  },
  {
    icon: ChartLine,
    title: 'Bigger tickets',
    text: 'Live upsells, chef shouts and tips turn watching into ordering: add-ons are up 24 percent on streamed orders.',
  },
  {
    icon: Users,
    title: 'Loyal regulars',
    text: 'Guests who have seen your kitchen trust it, come back, and tell their friends what they watched.',
  },
]

const HOW_IT_WORKS = [
  { icon: ClipboardList, title: 'Register', text: 'Tell us about your restaurant and where it is.' },
  { icon: Camera, title: 'Connect cameras', text: 'Add the kitchen streams diners will watch.' },
  {
    icon: Wrench,
    title: 'Installation',
    text: `Our technicians install cameras and sensors in ${INSTALLATION_TIME}.`,
  },
  {
    icon: Store,
    title: 'Go live',
    text: 'Every order becomes a show, on Clearplate and your delivery apps.',
  },
]

export default function PartnersPage() {
  useDocumentTitle('Restaurant partners')
  const search = useSearch()
  const onboarding = new URLSearchParams(search).has('onboarding')
  const [tab, setTab] = useState<'register' | 'integrations'>(
    typeof window !== 'undefined' && window.location.hash === '#integrations' ? 'integrations' : 'register',
  )
  const registerRef = useRef<HTMLElement>(null)

  const scrollToRegister = () => registerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })

  // /restaurant-onboarding sends owners here with ?onboarding=1#register: open the wizard and show it.
  useEffect(() => {
    const hash = window.location.hash
    if (onboarding || hash === '#register' || hash === '#integrations') {
      if (hash !== '#integrations') setTab('register')
      requestAnimationFrame(() => registerRef.current?.scrollIntoView({ block: 'start' }))
    }
  }, [onboarding])

  return (
    <div>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-brand-50 to-background dark:from-brand-900/25">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 md:py-24">
          <p className="inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1 text-xs font-semibold uppercase tracking-wider text-accent-foreground">
            <Handshake className="size-4" aria-hidden="true" />
            Restaurant partners
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            Open your kitchen to every diner who orders
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">
            Register in minutes, connect your cameras and delivery platforms, and let your cooking sell
            itself.
          </p>
          <Button size="lg" onClick={scrollToRegister}>
            Partner with Us Today
            <ArrowDown aria-hidden="true" />
          </Button>
        </div>
      </section>

      <section aria-labelledby="partner-benefits" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 id="partner-benefits" className="sr-only">
          Benefits
        </h2>
        <div className="grid gap-5 md:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="border-y bg-muted/40">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          <h2 id="how-it-works" className="text-center text-3xl font-bold tracking-tight">
            How it works
          </h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {HOW_IT_WORKS.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="relative flex flex-col items-center gap-3 text-center">
                <span className="relative flex size-14 items-center justify-center rounded-full border-2 border-primary bg-card text-primary">
                  <Icon className="size-6" aria-hidden="true" />
                  <span className="absolute -right-1 -top-1 flex size-6 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
                    {index + 1}
                  </span>
                </span>
                <h3 className="font-semibold">{title}</h3>
                <p className="max-w-56 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="platforms-title" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2
          id="platforms-title"
          className="mb-6 text-center text-sm font-semibold uppercase tracking-wider text-muted-foreground"
        >
          Works with the delivery platforms you already use
        </h2>
        <PlatformLogoStrip />
      </section>

      <section
        id="register"
        ref={registerRef}
        aria-labelledby="register-title"
        className="mx-auto max-w-5xl scroll-mt-20 px-4 pb-8 pt-6 sm:px-6"
      >
        <h2 id="register-title" className="text-3xl font-bold tracking-tight">
          Get started
        </h2>
        {onboarding ? (
          <Alert variant="warning" className="mt-4">
            <Store aria-hidden="true" />
            <p>
              Register your restaurant first. Once it is registered you can schedule your equipment
              installation.
            </p>
          </Alert>
        ) : null}
        <Tabs value={tab} onValueChange={(v) => setTab(v as typeof tab)} className="mt-6">
          <TabsList className="h-auto w-full flex-col sm:w-auto sm:flex-row">
            <TabsTrigger value="register" className="w-full sm:w-auto">
              <Store className="size-4" aria-hidden="true" />
              Restaurant Registration
            </TabsTrigger>
            <TabsTrigger value="integrations" className="w-full sm:w-auto">
              <Plug className="size-4" aria-hidden="true" />
              Delivery Platform Integration
            </TabsTrigger>
          </TabsList>
          <TabsContent value="register" forceMount className="mt-6 data-[state=inactive]:hidden">
            <RegistrationWizard />
          </TabsContent>
          <TabsContent value="integrations" className="mt-6">
            <IntegrationsPanel />
          </TabsContent>
        </Tabs>
      </section>
    </div>
  )
}
