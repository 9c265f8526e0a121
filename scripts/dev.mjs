// Development: the API server restarts on change, and Vite serves the client with hot reload
// on http://localhost:5173, proxying /api, /ws, /live and /media to the server on :5000.
import { spawn } from 'node:child_process'

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', (code) => {
  stop()
  process.exitCode = code ?? 0
})
