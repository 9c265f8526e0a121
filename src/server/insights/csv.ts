/**
 * CSV as spreadsheets read it (RFC 4180, CRLF lines). A text cell that a spreadsheet would run as
 * a formula (=, +, -, @, tab, carriage return first) is written with a leading apostrophe.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value)
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function toCsv(header: string[], rows: (string | number)[][]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}
