// hls.js ships the light build (no DRM, subtitles or alternate audio) without its own types.
declare module 'hls.js/light' {
  export * from 'hls.js'
  export { default } from 'hls.js'
}
