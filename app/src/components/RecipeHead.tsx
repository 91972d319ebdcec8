import { Link } from './Link';
import { Title } from './Title';

/** The head of a screen about one saved recipe: its title and the way back to editing it. */
export function RecipeHead({ id, title }: { id: string; title: string }) {
  return (
    <div class="screen-head">
      <Title text={title} />
      <div class="head-links">
        <Link href={`/app/recipes/${id}`} class="button">
          Edit recipe
        </Link>
      </div>
    </div>
  );
}
