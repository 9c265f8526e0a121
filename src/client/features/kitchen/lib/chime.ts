const MUTED_KEY = 'clearplate-kitchen-muted'

export function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTED_KEY) === '1'
  } catch {
    return false
  }
}

export function writeMuted(muted: boolean) {
  try {
    localStorage.setItem(MUTED_KEY, muted ? '1' : '0')
  } catch {}
}

let context: AudioContext | undefined

/** Two short notes: a new ticket. Browsers allow sound only after the page was touched once. */
export function playChime() {
  try {
    context ??= new AudioContext()
    const start = context.currentTime
    for (const [i, frequency] of [880, 1320].entries()) {
      const oscillator = context.createOscillator()
      const gain = context.createGain()
      oscillator.frequency.value = frequency
      gain.gain.setValueAtTime(0.0001, start + i * 0.18)
      gain.gain.exponentialRampToValueAtTime(0.25, start + i * 0.18 + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.18 + 0.3)
      oscillator.connect(gain).connect(context.destination)
      oscillator.start(start + i * 0.18)
      oscillator.stop(start + i * 0.18 + 0.32)
    }
  } catch {
    // No audio on this device: the badge in the tab title still tells.
  }
}

const FLASH_KEY = 'clearplate-kitchen-flash'

/** Whether new tickets flash (on unless the kitchen switched it off). */
export function readFlash(): boolean {
  try {
    return localStorage.getItem(FLASH_KEY) !== '0'
  } catch {
    return true
  }
}

export function writeFlash(on: boolean) {
  try {
    localStorage.setItem(FLASH_KEY, on ? '1' : '0')
  } catch {}
}
