import { describe, expect, it } from 'vitest'
import { consoleKeyAction, focusKind } from './console-keys'

const key = (k: string, mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey', boolean>> = {}) => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
})

describe('the console’s keys', () => {
  it('selects with arrows and 1 to 9, bumps with Enter and Space, recalls with R, helps with ?', () => {
    expect(consoleKeyAction(key('ArrowRight'), 'ticket')).toEqual({ kind: 'move', by: 1 })
    expect(consoleKeyAction(key('ArrowDown'), 'none')).toEqual({ kind: 'move', by: 1 })
    expect(consoleKeyAction(key('ArrowLeft'), 'ticket')).toEqual({ kind: 'move', by: -1 })
    expect(consoleKeyAction(key('ArrowUp'), 'control')).toEqual({ kind: 'move', by: -1 })
    expect(consoleKeyAction(key('3'), 'none')).toEqual({ kind: 'pick', position: 3 })
    expect(consoleKeyAction(key('0'), 'none')).toBeUndefined()
    expect(consoleKeyAction(key('Enter'), 'ticket')).toEqual({ kind: 'bump' })
    expect(consoleKeyAction(key(' '), 'none')).toEqual({ kind: 'bump' })
    expect(consoleKeyAction(key('R'), 'ticket')).toEqual({ kind: 'recall' })
    expect(consoleKeyAction(key('r'), 'control')).toEqual({ kind: 'recall' })
    expect(consoleKeyAction(key('?'), 'none')).toEqual({ kind: 'help' })
  })

  it('leaves Enter and Space to a focused button, every key to a field, and shortcuts of the browser alone', () => {
    expect(consoleKeyAction(key('Enter'), 'control')).toBeUndefined()
    expect(consoleKeyAction(key(' '), 'control')).toBeUndefined()
    for (const k of ['Enter', 'r', '1', 'ArrowRight', '?'])
      expect(consoleKeyAction(key(k), 'field')).toBeUndefined()
    expect(consoleKeyAction(key('r', { ctrlKey: true }), 'none')).toBeUndefined()
    expect(consoleKeyAction(key('1', { altKey: true }), 'none')).toBeUndefined()
    expect(consoleKeyAction(key('ArrowRight', { metaKey: true }), 'none')).toBeUndefined()
  })

  it('tells a ticket, a control and a field apart', () => {
    document.body.innerHTML = `
      <article data-ticket-card="" tabindex="0"><button>Bump</button></article>
      <input type="text" /><textarea></textarea><a href="/partner">Workspace</a><div role="switch"></div><p>text</p>`
    const [card = null, button = null, input = null, area = null, link = null, toggle = null, text = null] = [
      'article',
      'button',
      'input',
      'textarea',
      'a',
      '[role=switch]',
      'p',
    ].map((s) => document.querySelector(s) as Element | null)
    expect(focusKind(card)).toBe('ticket')
    expect(focusKind(button)).toBe('control')
    expect(focusKind(link)).toBe('control')
    expect(focusKind(toggle)).toBe('control')
    expect(focusKind(input)).toBe('field')
    expect(focusKind(area)).toBe('field')
    expect(focusKind(text)).toBe('none')
    expect(focusKind(document.body)).toBe('none')
    expect(focusKind(null)).toBe('none')
  })
})
