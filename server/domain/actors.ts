/** The signed-in administrator making a decision, recorded with it (approvals, claims, reviews, credentials). */
export interface AdminActor {
  adminUserId: number;
  username: string;
}
