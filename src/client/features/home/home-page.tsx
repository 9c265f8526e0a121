export default function HomePage() {
  return <div className="mx-auto max-w-6xl px-4 py-10">Home</div>
}
