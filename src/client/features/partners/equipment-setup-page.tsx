export default function EquipmentSetupPage() {
  return <div className="mx-auto max-w-6xl px-4 py-10">Equipment setup</div>
}
