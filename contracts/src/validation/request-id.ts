import { z } from 'zod';

/**
 * A UUID a request names (a patient, a user), lower-cased as every id is written: PostgreSQL's
 * `uuid` compares regardless of case, but a stream's name and a text column do not, so an
 * upper-case id would find the patient and then miss its stream (404) or filter out every row.
 * A string check, not a transform, so that inside a union its own message still wins.
 */
export const requestUuid = (message?: string) => z.string().uuid(message).toLowerCase();
