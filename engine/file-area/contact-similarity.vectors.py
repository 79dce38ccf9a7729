"""Makes contact-similarity.vectors.json: test vectors for contact-similarity.test.ts, computed by
Python's own difflib (the reference's library). Run it again only to change the vectors:
    python3 engine/file-area/contact-similarity.vectors.py
The test reads the JSON file; it never needs Python."""
import difflib
import json
import os
import random

rng = random.Random(20261125)
FIRST = ["Jean", "Jeanne", "Hélène", "Hélene", "Éric", "Eric", "François", "Francois", "Zoé", "Chloé",
         "Marie-Thérèse", "Jean-Pierre", "Anaïs", "Noël", "Maëlle", "Ægir", "Œdipe", "Ludovic", "", "Ana"]
LAST = ["Martin", "Martins", "Dupont", "Dupond", "Lefèvre", "Lefebvre", "Lefevre", "Muller", "Müller",
        "Nguyễn", "Nguyen", "de La Tour", "Delatour", "O'Brien", "Saint-Exupéry", "Ébrard", "", "Ng", "Li"]
MAIL = ["jean.martin@example.fr", "j.martin@example.fr", "jean.martin@exemple.fr", "helene@orange.fr",
        "hélène@orange.fr", "contact@renovation.fr", "", "x@y.z", "francois.lefevre@free.fr"]
ALPHABET = "abcdefghijklmnopqrstuvwxyzéèêàçôöüABCDE-'. @"


def mutate(s):
    chars = list(s)
    for _ in range(rng.randint(0, 3)):
        op = rng.random()
        pos = rng.randint(0, len(chars))
        if op < 0.4:
            chars.insert(pos, rng.choice(ALPHABET))
        elif op < 0.7 and chars:
            del chars[min(pos, len(chars) - 1)]
        elif chars:
            chars[min(pos, len(chars) - 1)] = rng.choice(ALPHABET)
    return "".join(chars)


def long_text(n, alphabet):
    return "".join(rng.choice(alphabet) for _ in range(n))


def score(a, b):
    """The reference's duplicate score (§8.3): length bounds first, exact ratios when one exceeds 0.8."""
    fields = ["firstName", "lastName", "email"]
    matchers = [difflib.SequenceMatcher(None, a[f], b[f]) for f in fields]
    bounds = [m.real_quick_ratio() for m in matchers]
    if any(bound > 0.8 for bound in bounds):
        return sum(m.ratio() for m in matchers) / 3
    return sum(bounds) / 3


def contact():
    return {"firstName": rng.choice(FIRST), "lastName": rng.choice(LAST), "email": rng.choice(MAIL)}


pairs = []
for _ in range(200):  # near duplicates: one contact and a mutated copy
    a = contact()
    b = {k: mutate(v) if rng.random() < 0.6 else v for k, v in a.items()}
    pairs.append((a, b))
for _ in range(100):  # unrelated contacts
    pairs.append((contact(), contact()))
pairs.append(({"firstName": "", "lastName": "", "email": ""}, {"firstName": "", "lastName": "", "email": ""}))
pairs.append(({"firstName": "", "lastName": "", "email": ""}, {"firstName": "a", "lastName": "", "email": ""}))
pairs.append(({"firstName": "😀é", "lastName": "𝔘nicode", "email": "a@b"}, {"firstName": "😀e", "lastName": "𝔘nicodé", "email": "a@b"}))
for n in (199, 200, 201, 250, 400, 1000):  # long values: autojunk applies from 200 items of the second one
    for alphabet in ("ab", "abc ", "abcdefghij", "é e"):
        x = long_text(n, alphabet)
        y = mutate(x) if rng.random() < 0.5 else long_text(n + rng.randint(-20, 20), alphabet)
        pairs.append(({"firstName": x, "lastName": "Martin", "email": ""}, {"firstName": y, "lastName": "Martin", "email": ""}))

ratios = []
for a, b in pairs:
    for f in ("firstName", "lastName", "email"):
        ratios.append([a[f], b[f], difflib.SequenceMatcher(None, a[f], b[f]).ratio()])
for n in (150, 199, 200, 201, 300, 500):
    for alphabet in ("a", "ab", "abcd", "abcdefghijklmnopqrstuvwxyz"):
        x = long_text(n, alphabet)
        y = long_text(rng.randint(1, 2 * n), alphabet)
        ratios.append([x, y, difflib.SequenceMatcher(None, x, y).ratio()])
        ratios.append([y, x, difflib.SequenceMatcher(None, y, x).ratio()])

out = {
    "generatedBy": "engine/file-area/contact-similarity.vectors.py (Python difflib)",
    "contacts": [{"a": a, "b": b, "score": score(a, b)} for a, b in pairs],
    "ratios": ratios,
}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "contact-similarity.vectors.json")
with open(path, "w", encoding="utf-8") as f:
    json.dump(out, f, ensure_ascii=False, indent=0)
    f.write("\n")
print(len(out["contacts"]), "contact pairs,", len(ratios), "ratios")
