/** Where to go after signing in: a same-site path from `?next=`, else home. */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next')
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next.startsWith('/auth'))
    return '/'
  return next
}
