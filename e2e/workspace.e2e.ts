import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { apiGet, expectToast } from './shell-helpers'
import { looks, newContext, type Page, screenshot, VIEWPORTS } from './support/browser'
import { setupJourney } from './support/journey'
import { freePort } from './support/server'

const ffmpegPath = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path
const SECTIONS = ['Overview', 'Menu', 'Cameras', 'Integrations', 'Installations'] as const

/** A kitchen camera on 127.0.0.1: ffmpeg serving live H.264 in MPEG-TS over HTTP to its first client. */
function startLocalCamera(port: number): ChildProcess {
  return spawn(
    ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10'],
      ...['-t', '300', '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'mpegts', '-listen', '1'],
      `http://127.0.0.1:${port}/pit.ts`,
    ],
    { stdio: 'ignore' },
  )
}

async function register(page: Page, fullName: string, username: string) {
  await page.goto('/auth')
  await page.getByRole('tab', { name: 'Register' }).click()
  await page.getByLabel('Full name').fill(fullName)
  await page.getByLabel('Email').fill(`${username}@example.com`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill('kitchen-pass-1')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expectToast(page, 'Registration successful')
  await page.waitForURL((url) => url.pathname === '/')
}

async function openSection(page: Page, section: (typeof SECTIONS)[number]) {
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: section }).click()
  await page.locator('#workspace-section-title', { hasText: section }).waitFor()
}

async function addDish(
  page: Page,
  dish: {
    name: string
    price: string
    category: string
    ingredients: string
    allergens: string[]
    photo?: string
  },
) {
  await page.getByRole('button', { name: 'Add dish', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Dish name').fill(dish.name)
  await dialog.getByLabel('Price ($)').fill(dish.price)
  await dialog.getByLabel('Category').fill(dish.category)
  await dialog.getByLabel('Description').fill(`${dish.name}, cooked to order in our kitchen.`)
  await dialog.getByLabel('Ingredients').fill(dish.ingredients)
  for (const allergen of dish.allergens) await dialog.getByLabel(allergen, { exact: true }).click()
  if (dish.photo) {
    const chooser = page.waitForEvent('filechooser')
    await dialog.getByRole('button', { name: 'Upload dish photo' }).click()
    await (await chooser).setFiles(dish.photo)
    await dialog.getByRole('img', { name: 'New dish' }).waitFor()
  }
  await dialog.getByRole('button', { name: 'Add dish' }).click()
  await expectToast(page, 'Dish added', `${dish.name} is on your menu.`)
  await dialog.waitFor({ state: 'detached' })
}

describe.skipIf(process.env.E2E_SKIP === '1')('a new restaurant goes from sign-up to its first order', () => {
  // Cameras on this machine's loopback are allowed for this journey's local test camera.
  const journey = setupJourney({
    env: { CAMERAS_ENABLED: 'true', CAMERA_PRIVATE_HOSTS: 'true', KITCHEN_ORDER_SECONDS: '120' },
  })
  const children: ChildProcess[] = []
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL')
  })

  it('registers, runs the wizard, publishes a menu with a photo, checks a camera, goes live and takes an order', {
    timeout: 240_000,
  }, async () => {
    const cameraPort = await freePort()
    children.push(startLocalCamera(cameraPort))
    const dir = mkdtempSync(join(tmpdir(), 'clearplate-photo-'))
    const photo = join(dir, 'brisket.jpg')
    writeFileSync(
      photo,
      await sharp({
        create: { width: 1600, height: 1000, channels: 3, background: { r: 150, g: 70, b: 30 } },
      })
        .jpeg()
        .toBuffer(),
    )

    // A new owner signs up; the workspace offers the wizard.
    const page = await journey.openPage({ viewport: VIEWPORTS.desktop })
    const suffix = Date.now().toString(36)
    await register(page, 'Rosa Delgado', `rosa${suffix}`)
    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'My restaurant' }).click()
    await page.getByRole('heading', { name: 'Start your restaurant', level: 1 }).waitFor()
    const name = `Smoke & Oak ${suffix}`
    await page.getByLabel('Restaurant name', { exact: true }).fill(name)
    await page.getByLabel('Cuisine type', { exact: true }).selectOption('American')
    await page.getByLabel('Description', { exact: true }).fill('Brisket smoked overnight over post oak.')
    await page.getByLabel('Address', { exact: true }).fill('1100 E 6th St, Austin, TX 78702')
    await page.getByLabel('Price range', { exact: true }).selectOption('$$')
    await page.getByLabel('I accept the partner terms and conditions.', { exact: true }).click()
    await page.getByRole('button', { name: 'Register Restaurant' }).click()
    await expectToast(page, 'Restaurant Registered')
    await page.getByRole('button', { name: 'Skip This Step' }).click()
    await page.getByTestId('wizard-complete').waitFor()
    await page.getByRole('button', { name: 'Open My Workspace' }).click()
    await page.waitForURL(/\/partner\/\d+$/)
    const restaurantId = Number(new URL(page.url()).pathname.split('/').pop())
    await page.getByTestId('workspace-off-air').waitFor()

    // Going live is refused while there is no camera and no dish, saying so.
    await page.getByRole('switch', { name: 'Go live' }).click()
    await page
      .getByTestId('go-live-refusal')
      .filter({ hasText: 'To go live, add an active camera and a dish that is not sold out' })
      .waitFor()

    // Three dishes with allergens, one with a photo; the hint catches an undeclared allergen.
    await openSection(page, 'Menu')
    await addDish(page, {
      name: 'Brisket Plate',
      price: '18.50',
      category: 'Mains',
      ingredients: 'brisket, pickles, white bread',
      allergens: ['Wheat'],
      photo,
    })
    await page.getByRole('button', { name: 'Add dish', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Dish name').fill('Mac & Cheese')
    await dialog.getByLabel('Price ($)').fill('7')
    await dialog.getByLabel('Category').fill('Sides')
    await dialog.getByLabel('Ingredients').fill('macaroni, cheddar, butter')
    const hint = dialog.getByTestId('allergen-hint')
    await hint.filter({ hasText: 'Milk/Dairy' }).waitFor()
    await hint.filter({ hasText: 'Wheat' }).waitFor()
    await dialog.getByRole('button', { name: 'Add dish' }).click()
    await dialog.getByRole('button', { name: 'Save anyway' }).waitFor()
    await dialog.getByRole('button', { name: 'Declare Milk/Dairy' }).click()
    await dialog.getByRole('button', { name: 'Declare Wheat' }).click()
    await hint.waitFor({ state: 'detached' })
    await dialog.getByRole('button', { name: 'Add dish' }).click()
    await expectToast(page, 'Dish added', 'Mac & Cheese is on your menu.')
    await addDish(page, {
      name: 'Pecan Pie',
      price: '6.25',
      category: 'Desserts',
      ingredients: 'pecans, eggs, sugar, pastry',
      allergens: ['Tree Nuts', 'Eggs', 'Wheat'],
    })
    await expect.poll(() => page.getByTestId('menu-dish').count()).toBe(3)

    // Sold out is one tap, shown at once, and stored.
    const pie = page.getByTestId('menu-dish').filter({ hasText: 'Pecan Pie' }).getByRole('switch')
    await pie.click()
    await expect.poll(() => pie.getAttribute('aria-checked'), { timeout: 2000 }).toBe('true')
    await expect
      .poll(
        async () =>
          (
            await apiGet<{ name: string; isAvailable: boolean }[]>(
              page,
              `/api/restaurants/${restaurantId}/menu`,
            )
          ).find((m) => m.name === 'Pecan Pie')?.isAvailable,
      )
      .toBe(false)
    // Desserts before Sides.
    await page.getByRole('button', { name: 'Move Desserts up' }).click()
    await expect
      .poll(async () =>
        (await apiGet<{ category: string }[]>(page, `/api/restaurants/${restaurantId}/menu`)).map(
          (m) => m.category,
        ),
      )
      .toEqual(['Mains', 'Desserts', 'Sides'])
    const menu = await apiGet<{ name: string; image: string | null; allergens: string[] }[]>(
      page,
      `/api/restaurants/${restaurantId}/menu`,
    )
    const brisket = menu.find((m) => m.name === 'Brisket Plate')!
    expect(brisket.image).toMatch(/^\/images\/[a-f0-9]{32}\.webp$/)
    expect(menu.find((m) => m.name === 'Mac & Cheese')!.allergens.sort()).toEqual(['milk', 'wheat'])
    const served = await page.request.get(brisket.image!)
    expect(served.headers()['content-type']).toBe('image/webp')
    expect(served.headers()['cache-control']).toContain('immutable')

    // A camera, checked against the live source.
    await openSection(page, 'Cameras')
    await page.getByRole('button', { name: 'Add camera' }).click()
    const form = page.getByRole('form', { name: 'Add a camera' })
    await form.getByLabel('Camera name').fill('Pit Camera')
    await form.getByLabel('Position').selectOption('grill')
    await form.getByLabel('Stream URL').fill(`http://127.0.0.1:${cameraPort}/pit.ts`)
    await form.getByRole('button', { name: 'Save camera' }).click()
    await expectToast(page, 'Camera added')
    const card = page.getByTestId('camera-card').filter({ hasText: 'Pit Camera' })
    await card.getByRole('button', { name: 'Check stream' }).click()
    await card
      .getByTestId('stream-check')
      .filter({ hasText: 'Stream OK: H264, 320×240' })
      .waitFor({ timeout: 20_000 })

    // Live now: the checklist has seen the picture the check found.
    await openSection(page, 'Overview')
    const camera = page.getByTestId('go-live-card').getByRole('listitem').filter({ hasText: 'camera' })
    await camera.getByText('An active kitchen camera', { exact: true }).waitFor()
    expect(await camera.getByRole('link', { name: 'Add' }).count()).toBe(0)
    await page.getByRole('switch', { name: 'Go live' }).click()
    await expectToast(page, 'You are live')
    await page.getByTestId('workspace').getByText('Live', { exact: true }).first().waitFor()

    // Every section at phone and desktop sizes, light and dark.
    for (const theme of looks(['light', 'dark'] as const)) {
      for (const size of looks(['phone', 'desktop'] as const)) {
        const context = await newContext(journey.browser, journey.server.url, {
          viewport: VIEWPORTS[size],
          colorScheme: theme,
          storageState: await page.context().storageState(),
        })
        await context.addInitScript((t) => {
          try {
            localStorage.setItem('clearplate-theme', t)
          } catch {}
        }, theme)
        const shot = await context.newPage()
        for (const section of SECTIONS) {
          const slug = section.toLowerCase()
          await shot.goto(
            slug === 'overview' ? `/partner/${restaurantId}` : `/partner/${restaurantId}/${slug}`,
          )
          await shot.locator('#workspace-section-title', { hasText: section }).waitFor()
          await shot.waitForLoadState('networkidle')
          await screenshot(shot, `workspace-${slug}-${size}-${theme}`)
        }
        expect(context.pageErrors).toEqual([])
        await context.close()
      }
    }

    // A new diner finds the kitchen under Live, orders a dish and watches the order.
    const diner = await journey.openPage({ viewport: VIEWPORTS.phone })
    await register(diner, 'Nora Castillo', `nora${suffix}`)
    const me = await apiGet<{ id: number }>(diner, '/api/user')
    const topUp = await diner.request.post(`/api/users/${me.id}/wallet/add-funds`, { data: { amount: 40 } })
    expect(topUp.ok()).toBe(true)
    await diner.goto('/discover')
    await diner.getByLabel('Live kitchens only').click()
    await diner.getByRole('link', { name: `View menu of ${name}` }).click()
    await diner.waitForURL(new RegExp(`/restaurant/${restaurantId}$`))
    await diner.getByRole('heading', { name, level: 1 }).waitFor()
    await diner.getByRole('button', { name: 'Add to cart: Brisket Plate' }).click()
    await expectToast(diner, 'Added to cart')
    await diner.getByRole('tab', { name: /Desserts/ }).click()
    expect(await diner.getByRole('button', { name: 'Pecan Pie is sold out' }).isDisabled()).toBe(true)
    // A new diner has no saved address yet: collect it.
    await diner.locator('#cart').getByText('Pickup', { exact: true }).click()
    await diner
      .locator('#cart')
      .getByText(/Ready at/)
      .first()
      .waitFor()
    await diner.getByRole('button', { name: 'Place Order' }).click()
    await expectToast(diner, 'Order placed!')
    await diner.waitForURL(/\/stream\/\d+$/, { timeout: 10_000 })
    await diner.getByText('1 x Brisket Plate').waitFor()
    await screenshot(diner, 'workspace-first-order-phone-light')
    journey.expectNoPageErrors()
  })
})
