import { configure } from '@testing-library/react'

/**
 * `findBy…` and `waitFor` wait up to 5 s instead of 1 s: a jsdom render behind a stubbed fetch and
 * React Query takes well under a second on an idle machine, but more on a two-core machine
 * running the browser journeys beside it, and a wait that runs out there is never a finding.
 */
configure({ asyncUtilTimeout: 5000 })
