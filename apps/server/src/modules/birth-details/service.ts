import type { Account } from '@app/contract/account';
import type { BirthDetailsRequest } from '@app/contract/birth-details';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import { users } from '../../db/schema/users.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError } from '../../lib/domain-errors.ts';
import { accountOf } from '../accounts/public.ts';

/**
 * The signup-data step (issue 3): stores the birth details the contract has checked (real date not
 * in the future, HH:mm:ss or null, IANA zone...). An unknown time is stored as null with
 * `ts_accurate` false. A saved birth date is what makes `signup_completed` true.
 */
export async function saveBirthDetails(db: Database, clock: Clock, userId: string, input: BirthDetailsRequest): Promise<Account> {
  const [user] = await db
    .update(users)
    .set({
      birthDate: input.birth_date,
      birthTime: input.birth_time,
      tsAccurate: input.birth_time !== null,
      birthCity: input.birth_city,
      birthCountry: input.birth_country,
      countryCode: input.country_code,
      latitude: input.latitude,
      longitude: input.longitude,
      timezone: input.timezone,
      updatedAt: clock.now(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new NotFoundError('This account no longer exists.');
  return accountOf(db, user);
}
