import { Button } from '@client/components/ui/button'
import { Card, CardContent } from '@client/components/ui/card'
import { Field, FieldError, fieldProps } from '@client/components/ui/field'
import { Textarea } from '@client/components/ui/input'
import { Spinner } from '@client/components/ui/spinner'
import { StarRating, StarRatingInput } from '@client/components/ui/star-rating'
import { ApiError, errorMessage } from '@client/lib/api-client'
import { formatTime } from '@client/lib/utils'
import { zodResolver } from '@hookform/resolvers/zod'
import { REVIEW_COMMENT_MAX, REVIEW_WINDOW_DAYS } from '@shared/constants'
import type { Order } from '@shared/schemas/orders'
import { type ReviewCreateInput, reviewCreateSchema } from '@shared/schemas/reviews'
import { CircleCheckBig, XCircle } from 'lucide-react'
import { Controller, useForm } from 'react-hook-form'
import { Link } from 'wouter'
import { useReviewOrder } from '../api/review-order'

/**
 * Where the live picture was, once the order is finished: delivered (or picked up) with its time
 * and the rating form, or cancelled.
 */
export function OrderFinished({ order, canReview }: { order: Omit<Order, 'progress'>; canReview: boolean }) {
  if (order.status === 'cancelled') {
    return (
      <div
        className="grid place-items-center gap-3 rounded-xl bg-muted/60 p-8 text-center"
        data-testid="order-finished"
      >
        <XCircle className="size-10 text-destructive" aria-hidden="true" />
        <h2 className="text-xl font-bold">This order was cancelled</h2>
        <p className="text-sm text-muted-foreground">Anything it charged has gone back to your wallet.</p>
      </div>
    )
  }
  const doneAt = order.timeline?.find((e) => e.status === 'completed' && !e.estimated)?.at
  const pickup = order.fulfilment === 'pickup'
  return (
    <div className="grid gap-6 rounded-xl bg-accent/50 p-6 sm:p-8" data-testid="order-finished">
      <div className="grid place-items-center gap-2 text-center">
        <CircleCheckBig className="size-10 text-green-600 dark:text-green-400" aria-hidden="true" />
        <h2 className="text-2xl font-bold">{pickup ? 'Picked up' : 'Delivered'}. Enjoy your meal!</h2>
        {doneAt ? (
          <p className="text-sm text-muted-foreground">
            {pickup ? 'Collected' : 'Arrived'} at {formatTime(new Date(doneAt))}
          </p>
        ) : null}
      </div>
      {canReview ? <RateOrder order={order} /> : null}
    </div>
  )
}

function RateOrder({ order }: { order: Omit<Order, 'progress'> }) {
  const review = useReviewOrder(order.id)
  const form = useForm<ReviewCreateInput>({
    resolver: zodResolver(reviewCreateSchema) as never,
    defaultValues: { comment: '' },
  })
  const { errors } = form.formState
  const comment = form.watch('comment') ?? ''

  if (order.review) {
    return (
      <Card>
        <CardContent className="grid place-items-center gap-2 pt-6 text-center" data-testid="order-review">
          <p className="font-semibold">Thanks for rating this order</p>
          <StarRating rating={order.review.rating} />
          {order.review.comment ? (
            <p className="text-sm text-muted-foreground whitespace-pre-line">“{order.review.comment}”</p>
          ) : null}
          <Link
            href={`/restaurant/${order.restaurantId}#reviews`}
            className="text-sm font-medium text-primary hover:underline"
          >
            See the restaurant’s reviews
          </Link>
        </CardContent>
      </Card>
    )
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      await review.mutateAsync(values)
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        for (const [field, message] of Object.entries(error.fieldErrors))
          form.setError(field as 'rating' | 'comment', { message })
      }
      form.setError('root', { message: errorMessage(error, 'Could not send your rating. Please try again.') })
    }
  })

  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={submit} className="grid gap-4" noValidate aria-labelledby="rate-title">
          <div className="grid gap-1">
            <h3 id="rate-title" className="text-lg font-semibold">
              How was it?
            </h3>
            <p className="text-sm text-muted-foreground">
              Rate this order within {REVIEW_WINDOW_DAYS} days. Your first name and initial appear with your
              review.
            </p>
          </div>
          <div className="grid gap-1">
            <Controller
              control={form.control}
              name="rating"
              render={({ field }) => (
                <StarRatingInput
                  name="rating"
                  value={field.value}
                  onChange={field.onChange}
                  invalid={Boolean(errors.rating)}
                  describedBy={errors.rating ? 'review-rating-error' : undefined}
                />
              )}
            />
            <FieldError id="review-rating" error={errors.rating?.message} />
          </div>
          <Field
            id="review-comment"
            label="Comment (optional)"
            error={errors.comment?.message}
            hint={`${comment.length}/${REVIEW_COMMENT_MAX}`}
          >
            <Textarea
              {...fieldProps('review-comment', errors.comment?.message, true)}
              {...form.register('comment')}
              rows={3}
              maxLength={REVIEW_COMMENT_MAX + 50}
              placeholder="What did you enjoy? What could be better?"
            />
          </Field>
          {errors.root?.message ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.root.message}
            </p>
          ) : null}
          <Button type="submit" disabled={review.isPending} className="justify-self-start">
            {review.isPending ? <Spinner className="size-4 text-current" label="Sending" /> : null}
            Send rating
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
