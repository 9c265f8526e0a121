import { ShieldCheck, UserRound, Video } from 'lucide-react'

const POINTS = [
  {
    icon: Video,
    title: 'Watch your meal cooked live',
    text: 'Follow your own order on the kitchen camera, with oven temperature and time left.',
  },
  {
    icon: UserRound,
    title: 'Your personal account',
    text: 'Order history, a wallet for chef shouts and tips, and your allergen profile in one place.',
  },
  {
    icon: ShieldCheck,
    title: 'Safe and secure',
    text: 'Passwords are stored with strong hashing and your order streams are visible only to you.',
  },
]

export function AuthSidePanel() {
  return (
    <aside className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 via-brand-800 to-brand-900 p-8 text-white shadow-lg lg:p-10">
      <div className="absolute -right-16 -top-16 size-56 rounded-full bg-white/10" aria-hidden="true" />
      <div className="absolute -bottom-20 -left-10 size-48 rounded-full bg-white/5" aria-hidden="true" />
      <div className="relative grid gap-8">
        <div className="grid gap-2">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">Dine Transparently</p>
          <h2 className="text-2xl font-bold leading-tight lg:text-3xl">
            See exactly how your dinner is made.
          </h2>
        </div>
        <ul className="grid gap-6">
          {POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/15">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="grid gap-1">
                <p className="font-semibold">{title}</p>
                <p className="text-sm text-brand-50/85">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  )
}
