import { Navigate, useParams } from 'react-router-dom';

/** /evenements/inscriptions/:id is the generic list of registrations narrowed to that event. */
export default function EventRegistrationsRedirect() {
  const { id = '' } = useParams();
  return <Navigate replace to={`/evenements/inscriptions/?event=${encodeURIComponent(id)}`} />;
}
