/** "Maya Okafor" → "MO"; falls back to the username's first letters. */
export function userInitials(fullName: string, username: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean)
  if (words.length >= 2) return `${words[0]![0]}${words[words.length - 1]![0]}`.toUpperCase()
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase()
  return username.slice(0, 2).toUpperCase()
}
