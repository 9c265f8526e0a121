import { defineError } from '../infra/errors'

export const menuOrderMismatch = defineError({
  code: 'menu.order_mismatch',
  status: 400,
  message: 'The order must list every dish of the menu exactly once',
})
