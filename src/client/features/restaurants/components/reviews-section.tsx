import { Button } from '@client/components/ui/button'
import { Skeleton } from '@client/components/ui/skeleton'
import { Spinner } from '@client/components/ui/spinner'
import { StarRating } from '@client/components/ui/star-rating'
import { countOf, formatDate } from '@client/lib/utils'
import type { Restaurant } from '@shared/schemas/restaurants'
import { MessageSquareQuote } from 'lucide-react'
import { useRestaurantReviews } from '../api/get-reviews'

/** What diners said after their orders, newest first. */
export function ReviewsSection({ restaurant }: { restaurant: Restaurant }) {
  const reviews = useRestaurantReviews(restaurant.id)
  const all = reviews.data?.pages.flatMap((p) => p.reviews) ?? []
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="grid scroll-mt-24 gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-title" className="text-2xl font-bold tracking-tight">
          Recent reviews
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="reviews-summary">
          {restaurant.rating != null && restaurant.reviewCount > 0
            ? `${restaurant.rating.toFixed(1)} out of 5 from ${countOf(restaurant.reviewCount, 'rating')}`
            : 'No ratings yet'}
        </p>
      </div>
      {reviews.isLoading ? (
        <div className="grid gap-3 md:grid-cols-2">
          <Skeleton className="h-28 rounded-xl" />
          <Skeleton className="h-28 rounded-xl" />
        </div>
      ) : reviews.isError ? (
        <p className="text-sm text-muted-foreground">Could not load the reviews.</p>
      ) : all.length === 0 ? (
        <p className="flex items-center gap-2 rounded-xl bg-muted/60 p-4 text-sm text-muted-foreground">
          <MessageSquareQuote className="size-4 shrink-0" aria-hidden="true" />
          No written reviews on Clearplate yet: diners can rate their order once it is delivered.
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Reviews">
          {all.map((review) => (
            <li
              key={review.id}
              className="grid gap-2 rounded-xl border bg-card p-4 shadow-sm"
              data-testid="review"
            >
              <div className="flex items-center justify-between gap-2">
                <StarRating rating={review.rating} />
                <time className="text-xs text-muted-foreground" dateTime={review.createdAt}>
                  {formatDate(review.createdAt)}
                </time>
              </div>
              {review.comment ? <p className="whitespace-pre-line text-sm">{review.comment}</p> : null}
              <p className="text-xs font-medium text-muted-foreground">{review.author}</p>
            </li>
          ))}
        </ul>
      )}
      {reviews.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => reviews.fetchNextPage()}
          disabled={reviews.isFetchingNextPage}
        >
          {reviews.isFetchingNextPage ? <Spinner className="size-4 text-current" label="Loading" /> : null}
          More reviews
        </Button>
      ) : null}
    </section>
  )
}
