// The query keys of sharing: the client's shares and audit log under the client's key, the
// expert's clients and each client's people under the expert's, so a change refreshes its side.

export const clientSharingKey = (clientId: string) => ['organisation-sharing', 'client', clientId] as const;
export const expertSharingKey = (expertId: string) => ['organisation-sharing', 'expert', expertId] as const;
