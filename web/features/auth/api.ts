import type { Me } from '#shared/schemas/auth.ts';
import type { UserRole } from '#shared/picklists.ts';
import { api } from '../../lib/api.ts';

export const requestCode = (phone: string) =>
  api<{ phone: string; expiresInSeconds: number; resendAfterSeconds: number }>('/api/auth/otp', {
    method: 'POST',
    body: { phone },
  });

export const verifyCode = (phone: string, code: string) =>
  api<{ user: Me }>('/api/auth/verify', { method: 'POST', body: { phone, code } }).then(
    (r) => r.user,
  );

export const chooseRole = (role: UserRole) =>
  api<{ user: Me }>('/api/me/role', { method: 'PUT', body: { role } }).then((r) => r.user);
