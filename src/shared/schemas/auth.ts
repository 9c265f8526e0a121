import { z } from 'zod'
import { exactText, singleLineText } from './common'

export const usernameSchema = singleLineText('Username must be at least 3 characters')
  .min(3, 'Username must be at least 3 characters')
  .max(40, 'Username must be at most 40 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain letters, numbers, dots, dashes and underscores')

export const passwordSchema = exactText('Password must be at least 6 characters')
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters')

export const loginSchema = z.object({
  username: singleLineText('Username must be at least 3 characters')
    .min(3, 'Username must be at least 3 characters')
    .max(40),
  password: passwordSchema,
})
export type LoginInput = z.infer<typeof loginSchema>

export const registerSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  fullName: singleLineText('Full name is required')
    .min(3, 'Full name is required')
    .max(100, 'Full name must be at most 100 characters'),
  email: singleLineText('Please enter a valid email address')
    .toLowerCase()
    .pipe(z.email('Please enter a valid email address').max(254, 'Please enter a valid email address')),
})
export type RegisterInput = z.infer<typeof registerSchema>

export const userSchema = z.object({
  id: z.number(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  walletBalance: z.number(),
})
export type User = z.infer<typeof userSchema>
