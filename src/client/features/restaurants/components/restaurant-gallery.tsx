export function RestaurantGallery({ name, images }: { name: string; images: string[] }) {
  if (images.length <= 1) return null
  return (
    <section aria-labelledby="gallery" className="grid gap-4">
      <h2 id="gallery" className="text-xl font-bold tracking-tight">
        Gallery
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {images.map((src, index) => (
          <li key={src} className="aspect-[4/3] overflow-hidden rounded-xl bg-muted">
            <img
              src={src}
              alt={`${name}, gallery view ${index + 1}`}
              loading="lazy"
              className="size-full object-cover"
            />
          </li>
        ))}
      </ul>
    </section>
  )
}
