import type { Db } from '../../db/client';

/** Subscribes an address; subscribing twice is not an error (the answer does not reveal who is on the list). */
export async function subscribeToNewsletter(db: Db, email: string): Promise<void> {
  await db
    .insertInto('newsletter_subscribers')
    .values({ email })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}
