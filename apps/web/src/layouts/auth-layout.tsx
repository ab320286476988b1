import { Outlet } from 'react-router';
import { AuthSimpleLayout } from './auth/auth-simple-layout';

/** The shell of the guest pages (login, sign-up, password recovery). */
export function AuthLayout() {
  return (
    <AuthSimpleLayout>
      <Outlet />
    </AuthSimpleLayout>
  );
}
