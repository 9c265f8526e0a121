import { defineError } from '../infra/errors'

export const menuOrderMismatch = defineError({
  code: 'menu.order_mismatch',
  status: 400,
  message: 'The order must list every dish of the menu exactly once',
})

export const menuOptionNotFound = defineError({
  code: 'menu.option_not_found',
  status: 404,
  message: 'Option not found',
})

export const notThisDishesOption = defineError({
  code: 'menu.option_of_another_dish',
  status: 400,
  message: 'An option group or option given with an id must be one of this dish’s own',
})
