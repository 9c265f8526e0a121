export function MobileBottomBar() {
  return null
}
