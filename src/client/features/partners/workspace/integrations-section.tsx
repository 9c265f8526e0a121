import type { OwnedRestaurant } from '../api/get-user-restaurants'
import { RestaurantIntegrations } from '../components/integrations-panel'

export function IntegrationsSection({ restaurant }: { restaurant: OwnedRestaurant }) {
  return <RestaurantIntegrations restaurantId={restaurant.id} restaurantName={restaurant.name} />
}
