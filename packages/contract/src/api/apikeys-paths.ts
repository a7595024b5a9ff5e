/**
 * API key management calls of spec §7 (issue 16). Create, edit and delete are each two steps
 * (spec §4): a pre-request answering a pending change, then its verified request.
 */
export const apiKeyPaths = {
  /** POST: sends an e-mail or SMS code for a pending change. */
  sendCode: '/ak/v1/send-captcha',
  /** POST: pre-request of a new key (label, the customer's Ed25519 public key, rights, IPs, limits). */
  create: '/ak/v1/pubkey',
  /** POST: the verified request creating the key; answers it with its access key. */
  verifyCreate: '/ak/v1/verify-new-pubkey',
  /** POST: pre-request of an edit (label, rights, IPs, limits; the public key stays). */
  edit: '/ak/v1/edit-pubkey',
  /** POST: the verified request applying the edit. */
  verifyEdit: '/ak/v1/verify-edit-pubkey',
  /** POST: pre-request of a deletion. */
  remove: '/ak/v1/delete-pubkey',
  /** POST: the verified request deleting the key. */
  verifyRemove: '/ak/v1/verify-delete-pubkey',
  /** GET: the rights a key may hold, the most keys and bound IPs, the platform's public key. */
  permission: '/ak/v1/permission',
  /** GET: the customer's keys. */
  keys: '/ak/v1/keys',
} as const;
