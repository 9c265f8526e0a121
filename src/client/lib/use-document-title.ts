import { useEffect } from 'react'

/** Sets the tab title ("Discover restaurants · Clearplate") while the page is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title
    document.title = `${title} · Clearplate`
    return () => {
      document.title = previous
    }
  }, [title])
}
