import type { Bus } from './bus'

export async function createRedisBus(_url: string): Promise<Bus> {
  throw new Error('The Redis bus is not implemented yet')
}
