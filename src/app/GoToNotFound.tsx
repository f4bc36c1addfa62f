import { useContext } from 'react';
import { Navigate } from 'react-router';
import { ServerAnswersContext } from '../lib/serverAnswers';
import { NOT_FOUND_URL } from './pageLoader';

/**
 * A screen whose subject does not exist sends the visitor to the store's not-found page (§2.2), as an unknown
 * address does. Drawn on the server, the not-found page is drawn in its place (answered 404) for the browser to follow.
 */
export function GoToNotFound() {
  const server = useContext(ServerAnswersContext);
  if (server) {
    server.notFound();
    return null;
  }
  return <Navigate to={NOT_FOUND_URL} replace />;
}
