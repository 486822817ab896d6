-- Which module's game a row is: ti4 or ge (Galactic Empires).
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'ti4';
