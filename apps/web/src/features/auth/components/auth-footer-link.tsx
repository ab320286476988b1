import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The line under a guest page's form that leads elsewhere: 'Already have an account? Log in'. */
export function AuthFooterLink({ prompt, to, children }: { prompt?: string; to: string; children: ReactNode }) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      {prompt && `${prompt} `}
      <Link to={to} className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
        {children}
      </Link>
    </p>
  );
}
