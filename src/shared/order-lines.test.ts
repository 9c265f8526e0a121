import { describe, expect, it } from 'vitest'
import { parseOrderItems } from './order-lines'

const spicy = { id: 7, group: 'Spice level', name: 'Hot', priceDelta: 0.5, allergens: ['sesame'] }

describe('an order’s lines read from its items', () => {
  it('reads lines with and without options, as the server stored them', () => {
    const items = JSON.stringify([
      { menuItemId: 3, name: 'Pad Thai', quantity: 2, price: 13.5, options: [spicy], notes: 'no onions' },
      { name: 'Spring rolls', quantity: 1, price: 6 },
    ])
    expect(parseOrderItems(items)).toEqual([
      { menuItemId: 3, name: 'Pad Thai', quantity: 2, price: 13.5, options: [spicy], notes: 'no onions' },
      { name: 'Spring rolls', quantity: 1, price: 6 },
    ])
  })

  it('gives an option stored before options had allergens none, and leaves out fields it does not know', () => {
    const { allergens: _, ...older } = spicy
    const [line] = parseOrderItems(
      JSON.stringify([{ name: 'Pad Thai', quantity: 1, price: 13.5, options: [older], extra: true }]),
    )
    expect(line).toEqual({
      name: 'Pad Thai',
      quantity: 1,
      price: 13.5,
      options: [{ ...older, allergens: [] }],
    })
  })

  it.each([
    ['text that is not JSON', 'not json'],
    ['JSON that is not a list', '{"name":"Pad Thai"}'],
    ['a line without a name', '[{"quantity":1,"price":2}]'],
    ['a quantity given as text', '[{"name":"Tea","quantity":"1","price":2}]'],
    ['a line that is not an object', '[{"name":"Tea","quantity":1,"price":2}, 3]'],
    [
      'an option without its group',
      `[{"name":"Tea","quantity":1,"price":2,"options":[{"id":1,"name":"Hot","priceDelta":0}]}]`,
    ],
    [
      'allergens that are not words',
      `[{"name":"Tea","quantity":1,"price":2,"options":[{"id":1,"group":"g","name":"Hot","priceDelta":0,"allergens":[1]}]}]`,
    ],
    ['options that are not a list', '[{"name":"Tea","quantity":1,"price":2,"options":{}}]'],
    ['a note that is not text', '[{"name":"Tea","quantity":1,"price":2,"notes":5}]'],
    ['a null line', '[null]'],
  ])('reads no lines from %s', (_, items) => {
    expect(parseOrderItems(items)).toEqual([])
  })
})
