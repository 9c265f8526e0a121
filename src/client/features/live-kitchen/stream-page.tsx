export default function StreamPage(_props: { orderId: number }) {
  return <div className="mx-auto max-w-6xl px-4 py-10">Stream</div>
}
