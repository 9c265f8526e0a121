export default function RestaurantPage(_props: { restaurantId: number }) {
  return <div className="mx-auto max-w-6xl px-4 py-10">Restaurant</div>
}
