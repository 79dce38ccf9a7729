export default function ListeProSearchScreen() {
  return null;
}
