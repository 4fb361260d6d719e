import type { Db } from '../db/index.js';
import { ApiError } from '../errors.js';
import { type Caller, callerFromKey } from './caller.js';

/** Organisation ids as newId('org') makes them; no key shape starts like this. */
const ORGANISATION_ID = /^org_[A-Za-z0-9]{1,60}$/;

/**
 * Who uploads a build (docs/architecture.md#keys-and-ids): a Bearer key or a secret key in the
 * `organisation_key` field; when both are sent they must be one organisation's.
 *
 * GPT Driver's upload-build action puts the organisation *id* (org_…) in
 * `organisation_key` and authenticates with the Bearer key (issue 15). An id is public,
 * so it proves nothing: it is accepted only as a claim the Bearer key must match
 * (403 otherwise, as execute answers a foreign organisationId), never alone (401).
 */
export async function uploadCaller(db: Db, bearer: Caller | null, organisationKey: string | undefined): Promise<Caller> {
  const field = organisationKey?.trim() || undefined;
  if (field !== undefined && ORGANISATION_ID.test(field)) {
    if (!bearer) {
      throw new ApiError(
        401,
        'organisation_key holds an organisation id, which is not a key: ' +
          'send "Authorization: Bearer <API key>" of that organisation with it, or the organisation key (dl_org_…)',
      );
    }
    if (bearer.org.id !== field) throw new ApiError(403, 'organisation_key is not the organisation of the Bearer key');
    return checked(bearer);
  }
  const fromField = field === undefined ? null : await callerFromKey(db, field);
  const caller = bearer ?? fromField;
  if (!caller) throw new ApiError(401, 'missing API key: send "Authorization: Bearer <API key>" or the organisation_key field');
  if (bearer && fromField && bearer.org.id !== fromField.org.id) {
    throw new ApiError(401, 'the Bearer key and organisation_key belong to different organisations');
  }
  return checked(caller);
}

function checked(caller: Caller): Caller {
  if (caller.kind === 'audit') throw new ApiError(403, 'audit keys are read-only');
  return caller;
}
