import { useNavigation } from 'react-router';

/** A thin bar along the top while a navigation loads (a route's code or the session). */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-primary" />;
}
