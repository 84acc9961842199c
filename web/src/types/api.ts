import type { Role } from '@storyloom/shared/constants';

/** GET /api/profile (spec section 3, "User"): field names exactly as the API sends them. */
export interface User {
  ID: string;
  Username: string;
  Email: string;
  email_verified: boolean;
  profile_image_url?: string | null;
  role: Role;
  CreatedAt: string;
}
