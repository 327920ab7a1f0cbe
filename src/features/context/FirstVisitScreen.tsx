import { useNavigate } from 'react-router-dom';
import { PRODUCT_NAME } from '../../domain/product.ts';
import { routes } from '../../domain/routing/routes.ts';

/** FirstVisit (spec 2 §2): welcome; connect the workspace and map the CRM People table. */
export function FirstVisitScreen() {
  const navigate = useNavigate();
  return (
    <main className="screen narrow">
      <h1>Welcome to {PRODUCT_NAME}!</h1>
      <p className="lead">
        Connect your Notion workspace and map your CRM People table to start saving LinkedIn profiles.
      </p>
      <button type="button" className="primary" onClick={() => void navigate(routes.notionSettings())}>
        Configure Notion Settings
      </button>
    </main>
  );
}
