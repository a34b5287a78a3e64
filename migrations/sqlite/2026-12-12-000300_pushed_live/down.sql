DROP TABLE pushed_live;
