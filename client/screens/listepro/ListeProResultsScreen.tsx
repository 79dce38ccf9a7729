export default function ListeProResultsScreen() {
  return null;
}
