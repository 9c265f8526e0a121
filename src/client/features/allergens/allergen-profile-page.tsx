export default function AllergenProfilePage() {
  return <div className="mx-auto max-w-6xl px-4 py-10">Allergen profile</div>
}
